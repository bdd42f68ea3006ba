import { createContext, useContext } from 'react';
import type { AddFrom } from '../graph/builder-operations';

/** What the canvas nodes need for their "+" buttons (kept out of node data so it is never saved). */
export interface AddFromActions {
  /** Each node's exits that lead nowhere yet (builder-operations.ts freeHandles). */
  freeHandles: ReadonlyMap<string, Array<string | null>>;
  /** The exit whose "+" was pressed: the panel's palette adds the next step there. */
  addFrom: AddFrom | null;
  onAddFrom: (from: AddFrom) => void;
}

export const AddFromContext = createContext<AddFromActions>({ freeHandles: new Map(), addFrom: null, onAddFrom: () => {} });

export function useAddFrom(): AddFromActions {
  return useContext(AddFromContext);
}
