export { CaptchaField } from "./captcha-field";
export { errorText, errorsText, upstreamError } from "./error-text";
export { CheckboxField, PasswordField, TextField } from "./fields";
export { FormErrors } from "./form-errors";
export { SmsCodeFields } from "./sms-code-fields";
