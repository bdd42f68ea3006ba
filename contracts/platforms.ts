import { z } from 'zod';

/** The social platforms a conversation lives on (docs/product-spec.md §3). */
export const platformSchema = z.enum(['instagram', 'facebook', 'twitter']);
export type Platform = z.infer<typeof platformSchema>;

/** Who carries the traffic: the real APIs, or the built-in simulator (ARCHITECTURE.md#channels). */
export const providerSchema = z.enum(['meta', 'x', 'sandbox']);
export type Provider = z.infer<typeof providerSchema>;

export const uuidSchema = z.uuid({ error: 'Not a valid id' });
