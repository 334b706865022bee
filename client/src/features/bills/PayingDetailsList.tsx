import { DataList } from '@chakra-ui/react';
import { formatBsb } from '../../../../server/src/common/validation/bsb';

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
    <DataList.Root orientation="horizontal" size="sm">
      <DataList.Item>
        <DataList.ItemLabel>Payment type</DataList.ItemLabel>
        <DataList.ItemValue>{props.paymentType}</DataList.ItemValue>
      </DataList.Item>
      {rows.map(([label, value]) => (
        <DataList.Item key={label}>
          <DataList.ItemLabel>{label}</DataList.ItemLabel>
          <DataList.ItemValue>{value || '—'}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
