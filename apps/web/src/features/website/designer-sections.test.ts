// @vitest-environment happy-dom
import grapesjs, { type Editor } from 'grapesjs';
import { afterEach, expect, it } from 'vitest';
import { sectionsStayOnThePage } from './designer-config';

// Sections parsed from HTML (the blocks) are checked in the browser (website-reviews-notices.spec): happy-dom's
// elements reach GrapesJS's HTML parser without their classes. A design saved before the rule is JSON, read here.
let editor: Editor | null = null;
afterEach(() => editor?.destroy());

const savedDesign = {
  pages: [
    {
      frames: [
        {
          component: {
            type: 'wrapper',
            components: [
              {
                tagName: 'section',
                classes: ['sb-section', 'sb-testimonials'],
                attributes: { 'data-site-reviews-section': '' },
                components: [{ tagName: 'div', classes: ['sb-quotes'], attributes: { 'data-site-reviews': '6' } }],
              },
              { tagName: 'section', classes: ['sb-section', 'sb-notices'] },
            ],
          },
        },
      ],
    },
  ],
};

it('a section of a design saved before the rule goes on the page only, not into another section', async () => {
  editor = grapesjs.init({
    headless: true,
    storageManager: false,
    telemetry: false,
    plugins: [sectionsStayOnThePage],
    projectData: savedDesign,
  });
  await new Promise((resolve) => setTimeout(resolve, 20));
  const wrapper = editor.getWrapper();
  const [reviews, notices] = wrapper?.components().models ?? [];
  const quotes = reviews?.components().models[0];
  if (!wrapper || !reviews || !notices || !quotes) throw new Error('the design did not load');
  expect(quotes.getAttributes()['data-site-reviews']).toBe('6');
  expect(editor.Components.canMove(quotes, notices).result).toBe(false);
  expect(editor.Components.canMove(reviews, notices).result).toBe(false);
  expect(editor.Components.canMove(wrapper, notices).result).toBe(true);
  // anything else still goes inside a section
  const text = wrapper.append('<p>Bring a mat.</p>')[0];
  if (!text) throw new Error('no paragraph');
  expect(editor.Components.canMove(quotes, text).result).toBe(true);
});
