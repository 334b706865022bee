import { Field as ChakraField, Input, type InputProps } from '@chakra-ui/react';
import { Field as FinalField } from 'react-final-form';

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
          <ChakraField.Root invalid={Boolean(shown)} required={required}>
            <ChakraField.Label>
              {label}
              {required && <ChakraField.RequiredIndicator />}
            </ChakraField.Label>
            <Input {...inputProps} {...input} />
            {helperText && !shown && <ChakraField.HelperText>{helperText}</ChakraField.HelperText>}
            <ChakraField.ErrorText role="alert">{shown}</ChakraField.ErrorText>
          </ChakraField.Root>
        );
      }}
    </FinalField>
  );
}
