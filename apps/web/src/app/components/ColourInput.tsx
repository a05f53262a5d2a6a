import { ColorInput, type ColorInputProps } from '@mantine/core';
import { useId } from 'react';

/** The names of the picker's sliders, in the order Mantine draws them. */
const SLIDER_NAMES = ['Saturation and brightness', 'Hue', 'Opacity'];

/** Names the sliders of the picker whose dropdown has this class, trying for a few frames while it opens. */
function nameSliders(dropdownClass: string, framesLeft = 20): void {
  requestAnimationFrame(() => {
    const dropdown = document.querySelector(`.${dropdownClass}`);
    const sliders = dropdown ? Array.from(dropdown.querySelectorAll('[role="slider"]')) : [];
    if (sliders.length === 0) {
      if (framesLeft > 0) nameSliders(dropdownClass, framesLeft - 1);
      return;
    }
    sliders.forEach((slider, index) => {
      if (!slider.getAttribute('aria-label')) slider.setAttribute('aria-label', SLIDER_NAMES[index] ?? 'Colour');
    });
  });
}

/**
 * A colour field whose picker is named for screen readers (issue 29 "named colour pickers"):
 * Mantine's ColorInput draws its saturation square and hue slider as sliders with no name, and
 * its eye-dropper as an icon button with none (axe: aria-input-field-name, button-name). The
 * field itself is the keyboard's way in (a #rrggbb value); the sliders follow the pointer.
 */
export function ColourInput(props: ColorInputProps) {
  // the popover's dropdown has no id (ColorInput turns its roles off): a class of its own finds it
  const dropdownClass = `colour-picker-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <ColorInput
      // not the field's label: "Theme colour" would then name two controls (the field and this)
      eyeDropperButtonProps={{ 'aria-label': 'Pick a colour from the screen' }}
      {...props}
      classNames={{ dropdown: dropdownClass }}
      onFocus={(event) => {
        nameSliders(dropdownClass);
        props.onFocus?.(event);
      }}
      onClick={(event) => {
        nameSliders(dropdownClass);
        props.onClick?.(event);
      }}
    />
  );
}
