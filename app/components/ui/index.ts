export { Grid, Group, Panel, Stack, classes, type Space } from "./layout";
export { CopyText } from "./copy-text";
export { Alert, Badge, Button, ButtonLink, Checkbox, CloseButton, Loader, NativeSelect, TextInput, type TextInputProps } from "./controls";
export { ConfirmStep } from "./confirm-step";
