import { z } from 'zod';

/** randomizer: split contacts across named branches by weight (A/B test). */
export const randomizerConfig = z.object({
  branches: z
    .array(z.object({ key: z.string().trim().min(1).max(10), weight: z.number().int().min(0).max(100) }))
    .min(2, 'A randomizer needs at least 2 branches')
    .max(5)
    .refine((b) => b.some((x) => x.weight > 0), 'At least one branch needs a weight above 0')
    .refine((b) => new Set(b.map((x) => x.key)).size === b.length, 'Branch names must differ'),
});

export const randomizerDefault = {
  branches: [
    { key: 'A', weight: 50 },
    { key: 'B', weight: 50 },
  ],
} satisfies z.infer<typeof randomizerConfig>;
