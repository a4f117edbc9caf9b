import { Center, Loader } from '@mantine/core';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useBrandingHead } from '../shared/branding/use-branding-head';
import { GlobalLoading } from '../shared/ui/global-loading';
import { useIdleReload } from './use-idle-reload';

/** Scroll returns to the top after each navigation (SPEC §2). */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function Root() {
  useIdleReload();
  useBrandingHead();
  return (
    <>
      <ScrollToTop />
      <GlobalLoading />
      <Outlet />
    </>
  );
}

export function RootFallback() {
  return (
    <Center h="100vh">
      <Loader />
    </Center>
  );
}
