import { useEffect, useState } from 'react';
import { useSession } from '../../shared/auth/use-session';
import { CallBar } from './call-bar';
import { CallController } from './call-controller';
import { installCallController, useCallView } from './call-store';
import { IncomingCallWindow } from './incoming-call-window';
import { useMyCallLines } from './use-calls-api';
import { WavoipProvider } from './wavoip-provider';

/**
 * Mounted once in the signed-in layout: keeps the device sockets of the user's lines open, so a
 * call rings on any screen (the incoming-call window), and shows the call bar during a call.
 */
export function CallDock() {
  const signedIn = !!useSession();
  const lines = useMyCallLines(null, signedIn);
  const [controller, setController] = useState<CallController | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    const c = new CallController({ provider: new WavoipProvider() });
    const uninstall = installCallController(c);
    setController(c);
    return () => {
      uninstall();
      c.dispose();
      setController(null);
    };
  }, [signedIn]);

  const data = lines.data;
  useEffect(() => {
    if (controller && data) controller.setLines(data.providerUrl, data.lines);
  }, [controller, data]);

  const view = useCallView();
  return (
    <>
      {/* How many lines can ring here (journeys wait for it before a call comes in). */}
      <span hidden data-testid="call-dock" data-online={view.online} />
      {view.state.phase === 'ringing' && <IncomingCallWindow view={view} />}
      {view.state.phase !== 'idle' && view.state.phase !== 'ringing' && <CallBar view={view} />}
    </>
  );
}
