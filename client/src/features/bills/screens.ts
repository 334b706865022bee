export { ApprovalQueuePage } from './ApprovalQueuePage';
export { BillConfirmationScreen } from './BillConfirmationScreen';
export { BillDashboardScreen } from './BillDashboardScreen';
export { PayBillScreen } from './PayBillScreen';
export { ReverseBillsConfirmationScreen } from './ReverseBillsConfirmationScreen';
export { ReverseBillsScreen } from './ReverseBillsScreen';
