import { z } from 'zod';
import { NET_UNITS } from './units.ts';

/** A named pack as the API answers it (decision 053): what one is called and what it holds (340 g, 6 pieces). */
export const packShape = z.object({ label: z.string(), netQuantity: z.number(), netUnit: z.enum(NET_UNITS) });
