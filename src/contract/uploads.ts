import { z } from 'zod';

/** Same shape as the image host the spec's client talks to: success and data.display_url. */
export const uploadResponse = z.object({
  success: z.literal(true),
  status: z.number(),
  data: z.object({
    id: z.string(),
    url: z.string(),
    display_url: z.string(),
    width: z.number(),
    height: z.number(),
    thumb: z.object({ url: z.string() }),
  }),
});
export type UploadResponse = z.infer<typeof uploadResponse>;
