/** The export module's public surface: code outside it imports it only from here (eslint, module-graph.test.ts). */
export { ExportFormat, ExportedFile } from './export-file.types.js';
export { exportRoutes } from './export.rest.js';
export { ExportService } from './export.service.js';
export { tableReportCsv, tableReportPdf } from './table-report.js';
export type { ExportedFileView, TableReport } from './table-report.js';
