import { createContext, use } from 'react';

import { type OfficePage } from './pageData.ts';

export const OfficePageContext = createContext<OfficePage | undefined>(undefined);

/** The college's data the server wrote into the page (pageData.ts). */
export function useOfficePage(): OfficePage {
  const page = use(OfficePageContext);
  if (page === undefined) throw new Error('useOfficePage needs OfficeApp around it.');
  return page;
}
