import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';

import { OfficeApp } from './App.tsx';
import { readOfficePage } from './pageData.ts';

const root = document.getElementById('root');
if (root === null) throw new Error('index.html has no #root');
createRoot(root).render(
  <StrictMode>
    <OfficeApp page={readOfficePage()} />
  </StrictMode>,
);
