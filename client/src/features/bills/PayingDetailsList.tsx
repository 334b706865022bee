import { formatBsb } from '@shared/validation/bsb';
import { FigureList } from './FigureList';

interface PayingDetailsListProps {
  paymentType: string;
  bPayNumber?: string | null;
  bPayName?: string | null;
  customerReferenceNumber?: string | null;
  bsbNumber?: string | null;
  bsbName?: string | null;
  eftAccountNumber?: string | null;
  eftAccountName?: string | null;
  eftReferenceNumber?: string | null;
}

/** BPAY (biller code, name, reference) or EFT (BSB, bank, account, reference) details of a bill. */
export function PayingDetailsList(props: PayingDetailsListProps) {
  const rows: [string, string | null | undefined][] =
    props.paymentType === 'BPAY'
      ? [
          ['Biller code', props.bPayNumber],
          ['Biller name', props.bPayName],
          ['Customer reference', props.customerReferenceNumber],
        ]
      : props.paymentType === 'EFT'
        ? [
            ['BSB', props.bsbNumber ? formatBsb(props.bsbNumber) : null],
            ['Bank', props.bsbName],
            ['Account', [props.eftAccountName, props.eftAccountNumber].filter(Boolean).join(' ')],
            ['Reference', props.eftReferenceNumber],
          ]
        : [];
  if (rows.length === 0) return null;
  return (
    <FigureList
      rows={[['Payment type', props.paymentType], ...rows.map(([label, value]) => [label, value || '—'] as const)]}
    />
  );
}
