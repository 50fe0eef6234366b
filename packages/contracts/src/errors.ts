import { z } from 'zod';

/** Every 4xx/5xx body: a human message, and for expected rejections a stable machine code. */
export const errorResponseSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
