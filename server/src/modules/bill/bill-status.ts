import { registerEnumType } from 'type-graphql';
import { BillStatus } from '../../shared/bill/bill-status.rules.js';

export { BillStatus };

registerEnumType(BillStatus, {
  name: 'BillStatus',
  description:
    'Bill status codes (DOMAIN.md): Overdue and OverdueNotified count as overdue, Upcoming is due within 30 days.',
});
