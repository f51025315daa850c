import { data, type ActionFunctionArgs } from "@remix-run/node";
import { readFormData } from "~/utils/form-data.server";
import { redirect } from "~/utils/redirect.server";
import { z } from "zod";
import { badRequest } from "~/utils/bad-request.server";
import { safeRedirect } from "~/utils/safe-redirect";
import { rememberFloatLayerClosed } from "~/utils/float-layer.server";

const CloseSchema = z.object({
  window: z
    .string()
    .max(64)
    .regex(/^\d+-\d+$/),
  redirect: z.string().max(2000).optional(),
});

// Not conform (issue 32): a resource route (a redirect or JSON for a fetcher), never a page rendering a submission's result; a bad body is one 400.
/** POST /float-layer: the visitor closed the home float layer (fetcher with JS; PRG without). */
export async function action({ request }: ActionFunctionArgs) {
  const parsed = CloseSchema.safeParse(Object.fromEntries(await readFormData(request)));
  if (!parsed.success) throw await badRequest(request);
  const headers = new Headers();
  for (const value of await rememberFloatLayerClosed(parsed.data.window, Date.now())) headers.append("Set-Cookie", value);
  if (parsed.data.redirect !== undefined) return redirect(safeRedirect(parsed.data.redirect), { status: 303, headers });
  return data({ closed: true }, { headers });
}

export function loader() {
  throw new Response(null, { status: 404 });
}
