export { CaptchaField } from "./captcha-field";
export { CheckboxField, PasswordField, TextField } from "./fields";
export { FormErrors } from "./form-errors";
export { SmsCodeFields } from "./sms-code-fields";
