import { z } from "zod/v4";
import { IntLike, Text } from "./common";

// Qualifications and the shop's certificates: `/api/qualification/*` exist only in the spec; their
// shapes are defined in docs/qualifications.md (and implemented by the reference shop API).

const Day = z
  .string()
  .regex(/^(\d{4}-\d{2}-\d{2})?$/)
  .catch("");
const Paths = z.array(z.string().max(500)).max(20).catch([]);

export const QualificationTypeSchema = z.object({
  id: IntLike,
  name: Text,
  description: Text.catch(""),
  is_must: IntLike.catch(0).transform((value) => value === 1),
  need_expire: IntLike.catch(1).transform((value) => value === 1),
  max_images: IntLike.catch(3).pipe(z.number().int().min(1).max(20)).catch(3),
});
export type QualificationType = z.infer<typeof QualificationTypeSchema>;

export const QualificationConfigSchema = z.object({
  member_label: IntLike.catch(0),
  member_label_name: Text.catch(""),
  list: z.array(QualificationTypeSchema),
});

export const SubmissionSchema = z.object({
  id: IntLike,
  images: Paths,
  expire_date: Day,
  status: IntLike.pipe(z.union([z.literal(0), z.literal(1), z.literal(-1)])),
  reason: Text.catch(""),
  create_time: IntLike.catch(0),
  audit_time: IntLike.catch(0),
});
export type Submission = z.infer<typeof SubmissionSchema>;

export const MemberQualificationSchema = QualificationConfigSchema.extend({
  today: Day,
  list: z.array(
    QualificationTypeSchema.extend({
      current: SubmissionSchema.nullable().catch(null),
      approved: SubmissionSchema.nullable().catch(null),
    }),
  ),
});
export type MemberQualification = z.infer<typeof MemberQualificationSchema>;

export const UploadedQualificationSchema = z.object({ id: IntLike, pic_path: z.string().min(1).max(500) });

export const ShopCertificateSchema = z.object({
  id: IntLike,
  name: Text,
  cert_no: Text.catch(""),
  issuer: Text.catch(""),
  scope: Text.catch(""),
  images: Paths,
  start_date: Day,
  expire_date: Day,
});
export const ShopCertificateListSchema = z.array(ShopCertificateSchema);
export type ShopCertificate = z.infer<typeof ShopCertificateSchema>;
