import { useEffect, useRef, useState } from 'react';
import SwaggerUIBundle from 'swagger-ui-dist/swagger-ui-es-bundle.js';
import 'swagger-ui-dist/swagger-ui.css';
import './api-reference.css';

/** The slice of Swagger UI's plugin system the plugin below uses (its bundle carries its own React). */
interface SwaggerSystem {
  React: {
    createElement: (type: unknown, props: object | null, ...children: unknown[]) => unknown;
    useRef: <T>(initial: T) => { current: T };
    useEffect: (effect: () => void) => void;
  };
}
type Wrapped = (props: Record<string, unknown>) => unknown;
interface ServersProps {
  specSelectors: { servers: () => { size: number } | undefined };
  oas3Selectors: { selectedServer: () => string; serverVariableValue: unknown; serverEffectiveValue: unknown };
  oas3Actions: { setSelectedServer: unknown; setServerVariableValue: unknown };
  getComponent: (name: string) => unknown;
}

/**
 * Swagger UI's servers picker is a <select id="servers"> inside an empty <label>, beside a "Servers"
 * <span>: a control with no accessible name (axe select-name, critical). This plugin renders the same
 * container with that caption as the select's <label>, and wraps the other components axe faults
 * (below), all through Swagger UI's own component system rather than patching its DOM.
 */
function accessibleSwaggerUi(system: SwaggerSystem) {
  const h = system.React.createElement;
  return {
    wrapComponents: accessibleControls(system),
    components: {
      ServersContainer: function ServersContainer({ specSelectors, oas3Selectors, oas3Actions, getComponent }: ServersProps) {
        const servers = specSelectors.servers();
        if (!servers?.size) return null;
        return h(
          'div',
          null,
          h('label', { htmlFor: 'servers', className: 'servers-title' }, 'Servers'),
          h(getComponent('Servers'), {
            servers,
            currentServer: oas3Selectors.selectedServer(),
            setSelectedServer: oas3Actions.setSelectedServer,
            setServerVariableValue: oas3Actions.setServerVariableValue,
            getServerVariable: oas3Selectors.serverVariableValue,
            getEffectiveServerValue: oas3Selectors.serverEffectiveValue,
          }),
        );
      },
    },
  };
}

/**
 * Names and keyboard access Swagger UI's own components lack (axe, after "Try it out" and Authorize):
 * the Authorize dialog's close button is an aria-hidden icon alone (button-name); the request body
 * <textarea> has no label (label); a long example or curl command scrolls inside a <pre> that the
 * keyboard cannot reach (scrollable-region-focusable), so each gets tabindex=0 once rendered; and
 * the dialog's Authorize/Logout buttons carry an aria-label ("Apply credentials") that hides the
 * word on them (label-content-name-mismatch, WCAG 2.5.3), so a worded button is named by its word.
 */
function accessibleControls(system: SwaggerSystem) {
  const { createElement: h, useRef, useEffect } = system.React;
  const focusableCode = (Original: unknown) =>
    function FocusableCode(props: Record<string, unknown>) {
      const box = useRef<HTMLDivElement | null>(null);
      useEffect(() => {
        for (const pre of box.current?.querySelectorAll('pre') ?? []) pre.tabIndex = 0;
      });
      return h('div', { ref: box }, h(Original, props));
    };
  return {
    CloseIcon:
      (Original: unknown): Wrapped =>
      (props) =>
        h(Original, { ...props, 'aria-hidden': undefined, role: 'img', 'aria-label': 'Close' }),
    TextArea:
      (Original: unknown): Wrapped =>
      (props) =>
        h(Original, String(props.className).includes('body-param__text') ? { 'aria-label': 'Request body', ...props } : props),
    Button:
      (Original: unknown): Wrapped =>
      (props) => {
        const { 'aria-label': label, ...rest } = props;
        const text = typeof props.children === 'string' ? props.children : '';
        return h(Original, text && typeof label === 'string' && !label.toLowerCase().includes(text.toLowerCase()) ? rest : props);
      },
    HighlightCode: focusableCode,
    RequestSnippets: focusableCode,
  };
}

/**
 * The /api/v1 reference rendered by Swagger UI from the app's own bundle (this module is lazy-loaded
 * by the API docs page, so the main bundle does not carry it). Reads /api/v1/openapi.json; "Try it
 * out" calls the API with the key given under Authorize. No request leaves this server: the online
 * validator badge is off. api-reference.css restyles Swagger UI's colours for WCAG AA contrast.
 * The box is aria-busy until Swagger UI has rendered the document (its onComplete), which tells
 * assistive technology it is loading and lets the every-route test check the rendered reference.
 */
export default function ApiReference() {
  const ref = useRef<HTMLDivElement>(null);
  const [busy, setBusy] = useState(true);
  useEffect(() => {
    if (!ref.current) return;
    SwaggerUIBundle({
      domNode: ref.current,
      url: '/api/v1/openapi.json',
      validatorUrl: null,
      tryItOutEnabled: true,
      deepLinking: false,
      defaultModelsExpandDepth: -1,
      plugins: [accessibleSwaggerUi],
      onComplete: () => setBusy(false),
    });
  }, []);
  return <div ref={ref} aria-busy={busy} className="api-reference rounded-2xl bg-white p-2 dark:bg-slate-100" />;
}
