export { Grid, Group, Panel, Stack, TitledSection, classes, type Space } from "./layout";
export { CopyText } from "./copy-text";
export { Alert, Badge, Button, ButtonLink, Checkbox, CloseButton, Loader, NativeSelect, TextInput, type TextInputProps } from "./controls";
export { ConfirmStep } from "./confirm-step";
export { TableHead, type HeadCell } from "./table-head";
