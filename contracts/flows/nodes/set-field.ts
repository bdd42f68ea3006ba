import { z } from 'zod';
import { fieldName } from './shared';

/** setField: save a value to a contact field. */
export const setFieldConfig = z.object({ field: fieldName, value: z.string().max(2000) });

/** Empty field name on purpose: the user picks it. */
export const setFieldDefault = { field: '', value: '' } satisfies z.infer<typeof setFieldConfig>;
