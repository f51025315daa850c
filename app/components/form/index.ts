export { CaptchaField } from "./captcha-field";
export { CheckboxField, PasswordField, TextareaField, TextField } from "./fields";
export { FormErrors } from "./form-errors";
export { SmsCodeFields } from "./sms-code-fields";
export { SubmitRow } from "./submit-row";
