// The first load imports its components from their own files, not from here: a
// chunk that imports this file carries every component it names that any
// screen uses (web/e2e/tests/bundle.test.mjs weighs the first load). QrCode
// (its encoder weighs more than the rest together) is imported from
// ./qr-code by the two screens that draw one.
export { Alert } from './alert';
export { AmountField } from './amount-field';
export { Button } from './button';
export { Card } from './card';
export { CheckboxField } from './checkbox-field';
export { ConfirmDialog, useConfirm, type Confirm, type Confirmation } from './confirm-dialog';
export { CopyButton } from './copy-button';
export { CopyField } from './copy-field';
export { CurrentPasswordField } from './current-password-field';
export { DataTable, type DataColumn } from './data-table';
export { DetailsList } from './details-list';
export { Dialog } from './dialog';
export { DialogForm } from './dialog-form';
export { EditRemoveActions } from './edit-remove-actions';
export { EmptyState } from './empty-state';
export { FormActions } from './form-actions';
export { OneTimeCodeField } from './one-time-code-field';
export { PageHeader } from './page-header';
export { ProgressBar } from './progress-bar';
export { ResourceList, type ListQuery } from './resource-list';
export { SelectField, type SelectOption, type SelectOptionGroup } from './select-field';
export { FullPageSpinner, Spinner } from './spinner';
export { StatCard } from './stat-card';
export { Tabs, type TabItem } from './tabs';
export { TextAreaField } from './text-area-field';
export { TextField } from './text-field';
export { ThemeToggle } from './theme-toggle';
