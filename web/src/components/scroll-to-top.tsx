import { ActionIcon, Affix, Transition } from '@mantine/core';
import { IconArrowUp } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Shown after 250 px of scroll (spec part 9). */
export const SCROLL_TOP_THRESHOLD_PX = 250;

/**
 * Whether the window is scrolled past the threshold, read in scroll events only: reading the
 * scroll position while the page is being built forces a layout (Mantine's useWindowScroll read it
 * on mount: 50 ms of a first visit here), and a page starts at the top (a restored position comes
 * with a scroll event). Re-renders when the answer changes, not at every pixel.
 */
function useScrolledPast(threshold: number): boolean {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > threshold);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, [threshold]);
  return past;
}

export function ScrollToTop() {
  const { t } = useTranslation();
  const scrolled = useScrolledPast(SCROLL_TOP_THRESHOLD_PX);
  return (
    <Affix position={{ bottom: 24, right: 24 }}>
      <Transition transition="slide-up" mounted={scrolled}>
        {(style) => (
          <ActionIcon
            style={style}
            size="xl"
            radius="xl"
            aria-label={t('common.scrollToTop')}
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            <IconArrowUp size={20} />
          </ActionIcon>
        )}
      </Transition>
    </Affix>
  );
}
