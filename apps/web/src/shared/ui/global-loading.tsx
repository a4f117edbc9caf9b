import { LoadingOverlay } from '@mantine/core';
import { useLoadingOverlay } from '../api/loading';

/** The overlay requests ask for with `loading: true` (SPEC §7). */
export function GlobalLoading() {
  const visible = useLoadingOverlay();
  return (
    <LoadingOverlay
      visible={visible}
      pos="fixed"
      zIndex={4000}
      overlayProps={{ backgroundOpacity: 0.25, blur: 1 }}
      data-testid="loading-overlay"
    />
  );
}
