/**
 * While an operator types in a pick list the planes hold still: a map frame (hundreds of ms on a
 * machine without a GPU) would otherwise take the main thread from the keystrokes. The stream keeps
 * arriving; the planes jump to where they are when the last hold is released. Holds nest.
 */

let holds = 0;

export function holdMapAnimation(): () => void {
  holds++;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds--;
  };
}

export const mapAnimationHeld = () => holds > 0;
