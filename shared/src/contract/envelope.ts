// The response envelope every API call answers with (architecture: "The server").
import { z } from './zod';

export * from './envelope-values';

export const ErrorEnvelope = z.object({
  status: z.literal('error'),
  error_code: z.string(),
  error_message: z.string(),
  /** Field-level problems of invalid input (code 002), for forms. */
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;

export const successEnvelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), data });
export type SuccessEnvelope<T> = { status: 'success'; data: T };

/** A decimal number carried as a string, never a float (domain: "Numbers and money"). */
export const DecimalString = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'must be a decimal number written as a string');
export type DecimalString = z.infer<typeof DecimalString>;
