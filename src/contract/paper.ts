/**
 * The paper every PDF the marketplace prints is laid out for (invoices, pick lists, packing slips, statements): US
 * Letter (the default) or A4, as the admin sets it (GET /api/marketplace; decision 054).
 */
export const PAPER_SIZES = ['letter', 'a4'] as const;
export type PaperSize = (typeof PAPER_SIZES)[number];
export const DEFAULT_PAPER_SIZE: PaperSize = 'letter';

/** The paper's name for the setting's choices. */
export const PAPER_SIZE_NAMES: Record<PaperSize, string> = { letter: 'US Letter', a4: 'A4' };
