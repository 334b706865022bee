import { Field as ChakraField, Input, type InputProps } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Field as FinalField } from 'react-final-form';
import { withWholeDates } from './WholeDates';

interface FieldFrameProps {
  label: string;
  /** The message shown (and announced) under the control; its help is hidden while it shows. */
  error?: string;
  helperText?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  children: ReactNode;
}

/**
 * A labelled form control: label (with the required mark), the control, then its help or its error, announced as it
 * appears. Every form's fields are drawn by it; each form decides which message to show.
 */
export function FieldFrame({ label, error, helperText, required, disabled, children }: FieldFrameProps) {
  return (
    <ChakraField.Root invalid={Boolean(error)} required={required} disabled={disabled}>
      <ChakraField.Label>
        {label}
        {required && <ChakraField.RequiredIndicator />}
      </ChakraField.Label>
      {children}
      {helperText && !error && <ChakraField.HelperText>{withWholeDates(helperText)}</ChakraField.HelperText>}
      <ChakraField.ErrorText role="alert">{withWholeDates(error)}</ChakraField.ErrorText>
    </ChakraField.Root>
  );
}

interface TextFieldProps extends Omit<InputProps, 'name'> {
  name: string;
  label: string;
  helperText?: string;
}

/**
 * A labelled text input bound to react-final-form. Errors show once the field is touched or a submit failed
 * (final-form marks every field touched on a failed submit), and are announced as they appear.
 */
export function TextField({ name, label, helperText, required, ...inputProps }: TextFieldProps) {
  return (
    <FinalField<string> name={name}>
      {({ input, meta }) => {
        const message = typeof meta.error === 'string' ? meta.error : meta.submitError;
        const shown = (meta.touched || meta.submitFailed) && typeof message === 'string' ? message : undefined;
        return (
          <FieldFrame label={label} error={shown} helperText={helperText} required={required}>
            <Input {...inputProps} {...input} />
          </FieldFrame>
        );
      }}
    </FinalField>
  );
}
