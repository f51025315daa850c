import { z } from "zod";

// The forms of /member/qualification, parsed on the server only (ADR 010).

const Id = z.coerce.number().int().min(1).max(2_147_483_647);

export const QualificationIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("upload"),
    aptitude_id: Id,
    id: z.preprocess((value) => (value === "" ? undefined : value), Id.optional()),
    expire_date: z.string().max(20).optional().default(""),
  }),
  z.object({ intent: z.literal("remove-image"), id: Id, image: z.string().min(1).max(500) }),
]);
