/**
 * The language switch in the header of every page: a navigation landmark named in the
 * languages it offers ("Language / Idioma"), listing each other language by its own name and
 * marked as that language (`lang`), so a screen reader says "Español" in Spanish. Each is a link
 * to the page in that language (`?lang=es`, which the server also understands without script);
 * the app keeps the answers first (languageChoice.ts).
 */
import { Box, Link } from '@admit/design-system';
import { type MouseEvent, useState } from 'react';
import { useIntl } from 'react-intl';
import { language, languages } from 'virtual:admit-language';

import { useFail } from '../application/useFail.ts';
import { useSession } from '../session/SessionProvider.tsx';
import {
  isPseudoLocale,
  LANGUAGE_PARAMETER,
  languageName,
  switchLanguage,
} from './languageChoice.ts';

export function LanguageSwitch({ keepAnswers }: { keepAnswers?: () => Promise<void> }) {
  const intl = useIntl();
  const fail = useFail();
  const { isLoggedIn } = useSession();
  const [switching, setSwitching] = useState(false);
  const others = languages.filter((code) => code !== language && !isPseudoLocale(code));
  if (others.length === 0) return null;
  const choose = (code: string) => (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    // One switch at a time: a second click while the answers are saved changes nothing.
    if (switching) return;
    setSwitching(true);
    switchLanguage(code, { keepAnswers, loggedIn: isLoggedIn }).catch((error: unknown) => {
      // Nothing was switched: the person stays, told why as after any failed save.
      setSwitching(false);
      fail(intl.formatMessage({ id: 'app.error.unexpectedTitle' }), error);
    });
  };
  return (
    <Box component="nav" aria-label={intl.formatMessage({ id: 'app.language.label' })}>
      <Box
        component="ul"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1, sm: 2 }, m: 0, p: 0 }}
      >
        {others.map((code) => (
          <Box component="li" key={code} sx={{ listStyle: 'none' }}>
            <Link
              href={`?${LANGUAGE_PARAMETER}=${encodeURIComponent(code)}`}
              lang={code}
              hrefLang={code}
              aria-disabled={switching}
              onClick={choose(code)}
              color="inherit"
              sx={{
                display: 'inline-block',
                py: 1,
                fontWeight: 700,
                textUnderlineOffset: '0.2em',
              }}
            >
              {languageName(code)}
            </Link>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

/**
 * The switch above a page without the header (the error screens, which stand in for a layout):
 * at the top's end, where the header keeps it. No form is there, so nothing to keep first.
 */
export function LanguageBar() {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: { xs: 2, sm: 3 }, pt: 1 }}>
      <LanguageSwitch />
    </Box>
  );
}
