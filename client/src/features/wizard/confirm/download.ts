import { apiFetch } from '../../../auth/api-fetch';

/** The printed agreement's file name (spec 3 §7). */
export const CONTRACT_PDF_NAME = 'Contract_Confirm.pdf';

/** Fetches the printed agreement (an authenticated GET) and saves it as Contract_Confirm.pdf. */
export async function downloadContractPdf(contractId: number): Promise<void> {
  const response = await apiFetch(`/api/export/contractpdf?contractId=${contractId}`, {
    headers: { Accept: 'application/pdf' },
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { message?: string } | null;
    throw new Error(body?.message ?? 'Could not print the agreement. Please try again later.');
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = CONTRACT_PDF_NAME;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
