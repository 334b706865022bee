import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import type { DepositsStepFieldsFragment } from '../../../gql/graphql';
import { formatMoney } from '../../../shared/money';

interface DepositOptionsProps {
  options: DepositsStepFieldsFragment['options'];
  value: number | null;
  onChange: (frequency: number) => void;
  disabled: boolean;
}

/** The contribution option cards (spec 3 §2): one radio per frequency, each showing the deposit it needs. */
export function DepositOptions({ options, value, onChange, disabled }: DepositOptionsProps) {
  return (
    <Box as="fieldset" borderWidth="0" p="0" m="0" minW="0">
      <Text as="legend" fontWeight="semibold" mb="2">
        How often are deposits made?
      </Text>
      <SimpleGrid columns={{ base: 2, md: 3 }} gap="3" role="radiogroup" aria-label="Deposit frequency">
        {options.map((option) => {
          const checked = option.frequency === value;
          const id = `deposit-option-${option.frequency}`;
          return (
            <Box
              as="label"
              key={option.frequency}
              data-testid={id}
              borderWidth="2px"
              borderColor={checked ? 'brand.solid' : 'border'}
              bg={checked ? 'brand.subtle' : 'bg'}
              borderRadius="md"
              p="3"
              cursor={disabled ? 'not-allowed' : 'pointer'}
              display="flex"
              gap="2"
              alignItems="flex-start"
              _focusWithin={{ outline: '2px solid', outlineColor: 'brand.focusRing', outlineOffset: '2px' }}
            >
              <input
                id={id}
                type="radio"
                name="contributionFrequency"
                value={option.frequency}
                checked={checked}
                disabled={disabled}
                onChange={() => onChange(option.frequency)}
                style={{ marginTop: '0.3rem' }}
              />
              <Box>
                <Text fontWeight="medium">{option.label}</Text>
                <Text fontSize="lg" fontWeight="bold" data-testid={`${id}-amount`}>
                  {option.depositAmount === null ? '—' : formatMoney(option.depositAmount)}
                </Text>
                <Text fontSize="xs" color="fg.muted">
                  {option.depositAmount === null
                    ? (option.message ?? 'Not available')
                    : `${option.depositCount} deposit${option.depositCount === 1 ? '' : 's'}`}
                </Text>
              </Box>
            </Box>
          );
        })}
      </SimpleGrid>
    </Box>
  );
}
