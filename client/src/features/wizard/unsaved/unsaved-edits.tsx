import { Button, Dialog, Portal, Text } from '@chakra-ui/react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import { useFormState } from 'react-final-form';
import { useBlocker, type BlockerFunction } from 'react-router-dom';

/**
 * Leaving the wizard with unsaved edits asks first (issue 26 item 7): a step reports that its form holds edits not
 * yet saved (`useReportUnsaved`), and any navigation away from the wizard's route (a link, the browser's Back button,
 * a typed address in the app) waits for the agent's answer. Moving between the wizard's own steps saves or discards
 * by its buttons and is not a navigation; the wizard's Cancel discards on purpose (`discardUnsaved` first).
 */
interface UnsavedEdits {
  report: (source: string, unsaved: boolean) => void;
  discard: () => void;
}

const Context = createContext<UnsavedEdits>({ report: () => undefined, discard: () => undefined });

export const LEAVE_TITLE = 'Leave without saving?';
export const LEAVE_TEXT = 'The changes you have made on this step are not saved. If you leave now they are lost.';

export function UnsavedEditsGuard({ children }: { children: ReactNode }) {
  // A ref, not state: the blocker is asked synchronously, also right after a discard in the same event.
  const sources = useRef(new Set<string>());
  const blocker = useBlocker(
    useCallback<BlockerFunction>(
      ({ currentLocation, nextLocation }) =>
        sources.current.size > 0 && currentLocation.pathname !== nextLocation.pathname,
      [],
    ),
  );
  useEffect(() => {
    // Closing or reloading the tab: the browser's own question.
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (sources.current.size > 0) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => window.removeEventListener('beforeunload', beforeUnload);
  }, []);
  const value = useMemo<UnsavedEdits>(
    () => ({
      report: (source, unsaved) => {
        if (unsaved) sources.current.add(source);
        else sources.current.delete(source);
      },
      discard: () => sources.current.clear(),
    }),
    [],
  );
  const blocked = blocker.state === 'blocked';
  return (
    <Context.Provider value={value}>
      {children}
      <Dialog.Root
        open={blocked}
        role="alertdialog"
        onOpenChange={(event) => {
          if (!event.open && blocker.state === 'blocked') blocker.reset();
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content mx="4" data-testid="unsaved-edits-dialog">
              <Dialog.Header>
                <Dialog.Title>{LEAVE_TITLE}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Text>{LEAVE_TEXT}</Text>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="ghost" onClick={() => blocker.reset?.()}>
                  Stay on this page
                </Button>
                <Button
                  colorPalette="red"
                  onClick={() => {
                    sources.current.clear();
                    blocker.proceed?.();
                  }}
                >
                  Leave without saving
                </Button>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </Context.Provider>
  );
}

/** A step says whether it holds edits not yet saved; an unmounted step holds none. */
export function useReportUnsaved(source: string, unsaved: boolean): void {
  const { report } = useContext(Context);
  useEffect(() => {
    report(source, unsaved);
  }, [report, source, unsaved]);
  useEffect(() => () => report(source, false), [report, source]);
}

/** Forget every unsaved edit (the wizard's cancel discards them on purpose). */
export function useDiscardUnsaved(): () => void {
  return useContext(Context).discard;
}

/** Inside a react-final-form form: reports its edits not yet saved (dirty, or dirty since its last good save). */
export function ReportUnsavedForm({ source }: { source: string }) {
  const { dirty, submitSucceeded, dirtySinceLastSubmit } = useFormState({
    subscription: { dirty: true, submitSucceeded: true, dirtySinceLastSubmit: true },
  });
  useReportUnsaved(source, Boolean(submitSucceeded ? dirtySinceLastSubmit : dirty));
  return null;
}
