import { describe, expect, it } from 'vitest';
import { designerMjml, openSelfClosing } from './design-rules';

describe('designer MJML', () => {
  it('opens self-closing MJML elements so the canvas parser keeps their siblings', () => {
    expect(
      openSelfClosing('<mj-column><mj-image src="a.png" alt="x" /><mj-text>Hi</mj-text><mj-divider/></mj-column>'),
    ).toBe(
      '<mj-column><mj-image src="a.png" alt="x"></mj-image><mj-text>Hi</mj-text><mj-divider></mj-divider></mj-column>',
    );
    expect(openSelfClosing('<mj-button href="a/b">Go</mj-button>')).toBe('<mj-button href="a/b">Go</mj-button>');
  });

  it('puts the brand in, leaves people’s fields, drops an empty logo', () => {
    const mjml =
      '<mj-section background-color="{{studioColor}}"><mj-column><mj-image src="{{studioLogo}}" alt="{{studioName}}" /><mj-text color="{{studioColorText}}">Hi {{firstName}} from {{studioName}}</mj-text><mj-button href="{{studioUrl}}">Book</mj-button></mj-column></mj-section>';
    const withoutLogo = designerMjml(mjml, {
      name: 'Lotus',
      themeColor: '#FFEE00',
      logo: null,
      origin: 'https://lotus.test',
    });
    expect(withoutLogo).toContain('background-color="#ffee00"');
    expect(withoutLogo).not.toContain('mj-image');
    expect(withoutLogo).toContain('Hi {{firstName}} from {{studioName}}');
    expect(withoutLogo).toContain('href="https://lotus.test"');
    const withLogo = designerMjml(mjml, {
      name: 'Lotus',
      themeColor: null,
      logo: '/media/l.png',
      origin: 'https://lotus.test',
    });
    expect(withLogo).toContain('src="https://lotus.test/media/l.png"');
    expect(withLogo).toContain('background-color="#1f2937"');
    expect(withLogo).toContain('color="#ffffff"');
  });

  it('writes the studio colour as text in a shade that reads on white', () => {
    const light = designerMjml('<mj-text color="{{studioColorInk}}">New</mj-text>', {
      name: 'Sun',
      themeColor: '#FFEE00',
      logo: null,
      origin: 'https://sun.test',
    });
    const ink = /color="(#[0-9a-f]{6})"/.exec(light)?.[1];
    expect(ink).toBeDefined();
    expect(ink).not.toBe('#ffee00');
  });
});
