import { brandAccentCss, SITE_CSS, siteThemeCss, siteThemeOf } from '@atrium/contracts';
import { Alert } from '@mantine/core';
import type { Component, Editor } from 'grapesjs';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { Busy } from '../../app/components/Busy';
import { useTenant } from '../session/session-store';
import type { PageContent } from './builder-state';
import { type StudioDetails, studioBlocks, studioDetailsOf } from './designer-blocks';
import {
  DESIGNER_BLOCKS,
  DESIGNER_COMMANDS,
  DESIGNER_DEVICES,
  DESIGNER_PANELS,
  DESIGNER_UNDO,
  sectionsStayOnThePage,
} from './designer-config';
import { keepDesignerLabelled } from './designer-labels';
import { MediaPicker, type PickedImage } from './MediaPicker';
import { StylePanel, type StyleTarget } from './StylePanel';
import { imagePatch, type StyleValues, styleValues } from './style-controls';

/** What GrapesJS hands a custom asset manager when it opens (the parts used here). */
interface AssetRequest {
  options?: { target?: Component };
  select: (asset: { type: string; src: string }, complete: boolean) => void;
  close: () => void;
}

/** What the stepper reads from the designer when it moves on or saves. */
export interface DesignerHandle {
  read: () => PageContent;
  /** Puts HTML after the selected element (or at the end of the page) and selects it. */
  insert: (html: string) => void;
}

interface Props {
  initial: PageContent;
  handleRef: RefObject<DesignerHandle | null>;
}

/**
 * The canvas wears the public site's own stylesheet and the studio's accent, so the editor shows
 * what visitors will see (the frame's styles are never saved with the page). The base rules are
 * GrapesJS's own frame defaults, which `frameStyle` replaces.
 */
function canvasStyle(accentCss: string): string {
  const base =
    '*{box-sizing:border-box}html,body,[data-gjs-type=wrapper]{min-height:100%}html{height:100%}body{margin:0;height:100%}' +
    '[data-gjs-type=wrapper]{padding:24px 16px 48px}';
  return base + SITE_CSS + accentCss;
}

/**
 * The GrapesJS page designer. GrapesJS and its CSS load here, when the Edit Page step first opens,
 * never with the screen (DESIGN.md). Nothing is fetched from outside: no telemetry, no icon CSS.
 */
export function Designer({ initial, handleRef }: Props) {
  const rootRef = useRef<HTMLDivElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const advancedRef = useRef<HTMLDivElement>(null);
  const editorRef = useRef<Editor | null>(null);
  const [target, setTarget] = useState<StyleTarget | null>(null);
  /** GrapesJS asked for an image (an image element's, or a background's): the media library answers. */
  const [imageRequest, setImageRequest] = useState<{
    needsAlt: boolean;
    currentAlt: string;
    pick: (picked: PickedImage) => void;
    cancel: () => void;
  } | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  // The initial content is read once per mount; the stepper remounts the designer for a new template.
  const initialRef = useRef(initial);
  const tenant = useTenant();
  const studioRef = useRef<{ details: StudioDetails; accentCss: string }>({
    details: studioDetailsOf(tenant),
    // the site theme (fonts, corners, buttons, palette) after the accent, as on the public pages
    accentCss: brandAccentCss(tenant.org) + siteThemeCss(tenant.org, siteThemeOf(tenant.org.siteTheme)),
  });

  /** The selected element as the style panel reads it (again after every style change, undo and redo). */
  const readSelection = useCallback(() => {
    const picked: Component | undefined = editorRef.current?.getSelected();
    // the page itself (GrapesJS's wrapper) is not part of the published page's HTML: its sections are styled instead
    const selected = picked?.is('wrapper') ? undefined : picked;
    setTarget(selected ? { name: selected.getName(), style: styleValues(selected.getStyle()) } : null);
  }, []);

  const applyStyle = useCallback(
    (patch: StyleValues) => {
      const selected = editorRef.current?.getSelected();
      if (!selected || selected.is('wrapper')) return;
      selected.addStyle(patch);
      readSelection();
    },
    [readSelection],
  );

  /** A background photo from the designer's images (GrapesJS's asset manager). */
  const pickBackgroundImage = useCallback(() => {
    const editor = editorRef.current;
    if (!editor) return;
    editor.Assets.open({
      types: ['image'],
      select: (asset) => {
        const src = asset.getSrc();
        if (src) applyStyle(imagePatch(src));
        editor.Assets.close();
      },
    });
  }, [applyStyle]);

  useEffect(() => {
    let editor: Editor | null = null;
    let cancelled = false;
    let stopLabelling: (() => void) | null = null;
    Promise.all([import('grapesjs'), import('grapesjs/dist/css/grapes.min.css')])
      .then(([{ default: grapesjs }]) => {
        const container = containerRef.current;
        const root = rootRef.current;
        const advanced = advancedRef.current;
        if (cancelled || !container || !root || !advanced) return;
        const content = initialRef.current;
        const hasDesign = !!content.projectData && typeof content.projectData === 'object';
        const studio = studioRef.current;
        // the style panel's Advanced section holds GrapesJS's own fields too: they are named as well
        stopLabelling = keepDesignerLabelled(root);
        editor = grapesjs.init({
          container,
          height: 'calc(100vh - 220px)',
          width: 'auto',
          telemetry: false,
          cssIcons: '',
          storageManager: false,
          undoManager: DESIGNER_UNDO,
          plugins: [sectionsStayOnThePage],
          noticeOnUnload: false,
          fromElement: false,
          ...(hasDesign
            ? { projectData: content.projectData as Record<string, unknown> }
            : { components: content.html, style: content.css }),
          panels: DESIGNER_PANELS,
          commands: { defaults: DESIGNER_COMMANDS },
          deviceManager: { devices: DESIGNER_DEVICES },
          canvas: { frameStyle: canvasStyle(studio.accentCss) },
          blockManager: { blocks: [...studioBlocks(studio.details), ...DESIGNER_BLOCKS] },
          // GrapesJS's own image dialog is replaced by the studio's media library, with alt text (MediaPicker)
          assetManager: {
            assets: [],
            upload: false,
            custom: {
              open: (props: AssetRequest) => {
                // an image element asks for its description; a background photo (no target) decorates
                const asker = props.options?.target;
                const image = asker?.is('image') ? asker : null;
                setImageRequest({
                  needsAlt: !!image,
                  currentAlt: String(image?.getAttributes().alt ?? ''),
                  pick: ({ src, alt }) => {
                    props.select({ type: 'image', src }, true);
                    image?.addAttributes({ alt });
                    props.close();
                  },
                  cancel: () => props.close(),
                });
              },
              close: () => setImageRequest(null),
            },
          },
          // the raw CSS style manager lives under the style panel's Advanced section; it styles the selected
          // element itself (not every element sharing its class), as the plain controls do
          styleManager: { appendTo: advanced },
          selectorManager: { appendTo: advanced, componentFirst: true },
        });
        const active = editor;
        editorRef.current = active;
        active.on('component:toggled component:styleUpdate undo redo', readSelection);
        active.on('load', () => {
          active.runCommand('open-blocks');
          if (!cancelled) setState('ready');
        });
        handleRef.current = {
          read: () => ({ html: active.getHtml(), css: active.getCss() ?? '', projectData: active.getProjectData() }),
          insert: (html) => {
            const selected = active.getSelected();
            const parent = selected?.parent();
            const added =
              selected && parent
                ? parent.append(html, { at: selected.index() + 1 })
                : active.getWrapper()?.append(html);
            const first = added?.[0];
            if (first) active.select(first);
          },
        };
      })
      .catch((error: unknown) => {
        console.error('The page designer could not load', error);
        if (!cancelled) setState('failed');
      });
    return () => {
      cancelled = true;
      stopLabelling?.();
      handleRef.current = null;
      editorRef.current = null;
      editor?.destroy();
    };
  }, [handleRef, readSelection]);

  return (
    <div className="atrium-designer" ref={rootRef}>
      {state === 'loading' && <Busy label="Loading the designer" />}
      {state === 'failed' && (
        <Alert color="red" title="The designer could not load">
          Reload the page and try again, or use the HTML template.
        </Alert>
      )}
      <div className="atrium-designer__body">
        <div ref={containerRef} aria-label="Page designer" role="application" className="atrium-designer__canvas" />
        <StylePanel
          target={target}
          themeColor={tenant.org.themeColor}
          onChange={applyStyle}
          onPickImage={pickBackgroundImage}
          advancedRef={advancedRef}
        />
      </div>
      <MediaPicker
        opened={!!imageRequest}
        needsAlt={imageRequest?.needsAlt ?? false}
        currentAlt={imageRequest?.currentAlt ?? ''}
        onPick={(picked) => imageRequest?.pick(picked)}
        onCancel={() => imageRequest?.cancel()}
      />
    </div>
  );
}
