import { getFormProps, type FormMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui";

/**
 * The POST that asks for a WeChat login QR code: the login page's WeChat entry, and "refresh"
 * on the QR page once a code expired. A POST because it makes one (a call to WeChat upstream).
 * On the QR page it is bound to that page's conform form, whose refusals it answers.
 */
export function NewCodeForm({ redirectTo, label, variant, form }: { redirectTo: string; label: string; variant?: "outline"; form?: FormMetadata }) {
  const navigation = useNavigation();
  return (
    <Form method="post" action="/login/wechat" {...(form ? getFormProps(form) : {})}>
      <input type="hidden" name="redirect" value={redirectTo} />
      <Button
        type="submit"
        name="intent"
        value="new-code"
        fullWidth
        variant={variant}
        loading={navigation.state === "submitting" && navigation.formData?.get("intent") === "new-code"}
      >
        {label}
      </Button>
    </Form>
  );
}
