import { DataList } from '@chakra-ui/react';

/** Label and value pairs with the labels in one aligned column (confirmation summaries, paying details). */
export function FigureList({ rows, testId }: { rows: readonly (readonly [string, string])[]; testId?: string }) {
  return (
    <DataList.Root orientation="horizontal" size="sm" gap="2" data-testid={testId}>
      {rows.map(([label, value]) => (
        <DataList.Item key={label} alignItems="baseline">
          <DataList.ItemLabel flexShrink={0} w={{ base: '45%', md: '15rem' }} minW="0">
            {label}
          </DataList.ItemLabel>
          <DataList.ItemValue wordBreak="break-word">{value}</DataList.ItemValue>
        </DataList.Item>
      ))}
    </DataList.Root>
  );
}
