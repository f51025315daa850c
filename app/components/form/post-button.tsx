import { Form } from "@remix-run/react";
import type { ComponentProps } from "react";
import { Button } from "~/components/ui";

type Props = Omit<ComponentProps<typeof Button>, "type" | "name" | "value"> & {
  intent: string;
  /** The hidden fields that name what the button acts on. */
  fields: Record<string, string | number>;
};

/**
 * A post form of one small button (delete, unfollow; outlined grey unless said): its hidden fields,
 * and the intent as the button's value. Works without JS.
 */
export function PostButton({ intent, fields, size = "xs", variant = "outline", color = "gray", ...button }: Props) {
  return (
    <Form method="post">
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <Button type="submit" name="intent" value={intent} size={size} variant={variant} color={color} {...button} />
    </Form>
  );
}
