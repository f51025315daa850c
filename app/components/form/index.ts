export { CaptchaField } from "./captcha-field";
export { CheckboxField, PasswordField, TextareaField, TextField } from "./fields";
export { FormErrors } from "./form-errors";
export { FormPanel } from "./form-panel";
export { PostButton } from "./post-button";
export { SmsCodeFields, smsKeyOf, useSmsCodeForm } from "./sms-code-fields";
export { SubmitRow } from "./submit-row";
