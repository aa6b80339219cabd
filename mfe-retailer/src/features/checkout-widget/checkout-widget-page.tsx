import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useAuth } from 'shared-auth';
import {
  ButtonLink,
  Card,
  Field,
  Input,
  Lead,
  Muted,
  media,
  Notice,
  Page,
  PageTitle,
  Skeleton,
  TextField,
  usePageMeta,
} from 'shared-ui';
import styled from 'styled-components';
import { CodeBlock } from '../../shared/code-block';
import { apiKeysQueryOptions, retailerAccountQueryOptions } from '../../shared/retailer-api';
import { useApiBaseUrl } from '../../shared/sample-request';
import { ELEMENT_NAME } from '../../widget/element-name';
import { demoWidgetKeyQueryOptions, remotesManifestQueryOptions } from './api';
import {
  DEFAULT_SETTINGS,
  embedSnippet,
  SAMPLE_CART,
  type WidgetSettings,
  widgetScriptUrl,
} from './widget-snippet';

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      [ELEMENT_NAME]: React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement> & {
        'publishable-key'?: string;
        'api-base'?: string;
        'theme-color'?: string;
        'delivery-types'?: string;
        'button-label'?: string;
        cart?: string;
        preview?: string;
      };
    }
  }
}

const Layout = styled.div`
  display: grid;
  gap: 20px;
  /* Grid items default to their content's width: long code lines would widen the page. */
  > * {
    min-width: 0;
  }
  ${media.lg} {
    grid-template-columns: minmax(0, 5fr) minmax(0, 7fr);
    align-items: start;
  }
`;

const Checks = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 12px 0;
  legend {
    font-weight: 700;
    margin-bottom: 4px;
  }
  label {
    display: inline-flex;
    gap: 6px;
    align-items: center;
    min-height: 44px;
    margin-right: 16px;
  }
`;

const ColorRow = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  input[type='color'] {
    width: 52px;
    height: 44px;
    padding: 2px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: #fff;
  }
`;

const PreviewStage = styled.div`
  padding: 24px;
  border-radius: ${({ theme }) => theme.radii.md};
  background: repeating-linear-gradient(
    45deg,
    ${({ theme }) => theme.colors.background},
    ${({ theme }) => theme.colors.background} 12px,
    #eef2f7 12px,
    #eef2f7 24px
  );
`;

const HEX = /^#[0-9a-f]{6}$/i;

/** The publishable test key to preview with: the retailer's own, else the public demo key. */
function usePreviewKey(): { key: string | null; own: boolean; loading: boolean } {
  const { status } = useAuth();
  const signedIn = status === 'authenticated';
  const account = useQuery({ ...retailerAccountQueryOptions(), enabled: signedIn });
  const keys = useQuery({ ...apiKeysQueryOptions(), enabled: signedIn && Boolean(account.data) });
  const demo = useQuery({
    ...demoWidgetKeyQueryOptions(),
    enabled: !signedIn || account.data === null,
  });
  const own = keys.data?.find(
    (key) => key.kind === 'publishable' && key.mode === 'test' && key.active,
  );
  if (own) return { key: own.display, own: true, loading: false };
  return {
    key: demo.data?.publishableKey ?? null,
    own: false,
    loading: status === 'loading' || account.isLoading || keys.isLoading || demo.isLoading,
  };
}

function useWidgetScriptUrl(origin: string): string {
  const manifest = useQuery(remotesManifestQueryOptions());
  const entry = manifest.data?.retailer ?? '/remotes/retailer/mf-manifest.json';
  return widgetScriptUrl(entry, origin);
}

/** `/checkout-widget`: build the embeddable widget, preview it live and copy the snippet. */
export function CheckoutWidgetPage() {
  usePageMeta(
    'Checkout Widget',
    'Build the CurbRun checkout widget: theme colour, delivery types and button label, with a live preview and a copyable embed snippet.',
  );
  const [settings, setSettings] = useState<WidgetSettings>(DEFAULT_SETTINGS);
  const [colorText, setColorText] = useState(DEFAULT_SETTINGS.themeColor);
  const preview = usePreviewKey();
  // This site's origin, or the neutral example one while the server's HTML is taken over.
  const origin = useApiBaseUrl();
  const scriptUrl = useWidgetScriptUrl(origin);
  // The element is defined in the browser only, from its own chunk: its class extends HTMLElement,
  // which the server's render cannot evaluate. The preview's tag upgrades once it is defined.
  const [widgetFailed, setWidgetFailed] = useState(false);
  useEffect(() => {
    import('../../widget/checkout-widget')
      .then(({ defineCheckoutWidget }) => defineCheckoutWidget(window.location.origin))
      // A chunk that did not load (offline, a redeploy removed it) leaves the tag empty: say so.
      .catch(() => setWidgetFailed(true));
  }, []);

  const colorError = HEX.test(colorText) ? undefined : 'Enter a colour as #rrggbb';
  const typesError =
    settings.deliveryTypes.length === 0 ? 'Choose at least one delivery type' : undefined;
  const labelError = settings.buttonLabel.trim() ? undefined : 'Enter a button label';
  const snippet = embedSnippet({
    scriptUrl,
    apiBase: origin,
    publishableKey: preview.own && preview.key ? preview.key : 'pk_test_your_publishable_key',
    settings,
  });

  const toggleType = (type: 'curbside' | 'home', checked: boolean) =>
    setSettings((current) => ({
      ...current,
      deliveryTypes: checked
        ? (['curbside', 'home'] as const).filter(
            (item) => item === type || current.deliveryTypes.includes(item),
          )
        : current.deliveryTypes.filter((item) => item !== type),
    }));

  return (
    <Page>
      <PageTitle>Checkout Widget</PageTitle>
      <Lead>
        Add delivery to any page with one snippet: the widget shows your customers the delivery
        options and fees for their cart, then opens the CurbRun checkout.
      </Lead>
      <Layout>
        <Card aria-labelledby="builder-title">
          <h2 id="builder-title" style={{ marginTop: 0 }}>
            Customize
          </h2>
          <Field label="Theme colour" error={colorError}>
            {(ids) => (
              <ColorRow>
                <input
                  type="color"
                  aria-label="Pick the theme colour"
                  value={HEX.test(colorText) ? colorText : settings.themeColor}
                  onChange={(event) => {
                    setColorText(event.target.value);
                    setSettings({ ...settings, themeColor: event.target.value });
                  }}
                />
                <Input
                  {...ids}
                  value={colorText}
                  maxLength={7}
                  $invalid={Boolean(colorError)}
                  onChange={(event) => {
                    setColorText(event.target.value);
                    if (HEX.test(event.target.value)) {
                      setSettings({ ...settings, themeColor: event.target.value });
                    }
                  }}
                />
              </ColorRow>
            )}
          </Field>
          <Checks>
            <legend>Delivery types</legend>
            <label>
              <input
                type="checkbox"
                checked={settings.deliveryTypes.includes('curbside')}
                onChange={(event) => toggleType('curbside', event.target.checked)}
              />
              Curbside pickup
            </label>
            <label>
              <input
                type="checkbox"
                checked={settings.deliveryTypes.includes('home')}
                onChange={(event) => toggleType('home', event.target.checked)}
              />
              Home delivery
            </label>
            {typesError ? (
              <p role="alert" style={{ color: '#b42318', margin: 0 }}>
                {typesError}
              </p>
            ) : null}
          </Checks>
          <TextField
            label="Button label"
            maxLength={40}
            value={settings.buttonLabel}
            error={labelError}
            onChange={(event) => setSettings({ ...settings, buttonLabel: event.target.value })}
          />
          <p>
            <Muted>
              Sample cart: {SAMPLE_CART.map((item) => `${item.quantity} × ${item.name}`).join(', ')}
              .
            </Muted>
          </p>
        </Card>
        <div>
          <Card aria-labelledby="preview-title">
            <h2 id="preview-title" style={{ marginTop: 0 }}>
              Live preview
            </h2>
            {preview.loading ? <Skeleton style={{ height: 200 }} /> : null}
            {!preview.loading && !preview.key ? (
              <Notice tone="info">
                Create your retailer account to preview the widget with your own key.
              </Notice>
            ) : null}
            {preview.key ? (
              <>
                {!preview.own ? (
                  <Notice tone="info" title="Demo preview">
                    This preview uses the demo store’s test key.{' '}
                    <ButtonLink to="/retailer-onboarding" size="sm" variant="secondary">
                      Get your own key
                    </ButtonLink>
                  </Notice>
                ) : null}
                {widgetFailed ? (
                  <Notice tone="danger" role="alert" title="Preview unavailable">
                    The widget could not be loaded. Check your connection and reload the page.
                  </Notice>
                ) : null}
                <PreviewStage>
                  <curbrun-checkout
                    publishable-key={preview.key}
                    api-base={origin}
                    theme-color={settings.themeColor}
                    delivery-types={
                      settings.deliveryTypes.length
                        ? settings.deliveryTypes.join(',')
                        : 'curbside,home'
                    }
                    button-label={settings.buttonLabel.trim() || DEFAULT_SETTINGS.buttonLabel}
                    cart={JSON.stringify(SAMPLE_CART)}
                    preview=""
                  />
                </PreviewStage>
              </>
            ) : null}
          </Card>
          <div style={{ marginTop: 20 }}>
            <CodeBlock
              caption="Embed snippet"
              code={snippet}
              accessibleCopyLabel="Copy the embed snippet"
            />
            <p>
              <Muted>
                {preview.own
                  ? 'The snippet carries your test publishable key; swap in your live key (pk_live_…) when you go live. '
                  : 'Replace the key with your publishable key from the onboarding page. '}
                The widget works only on the domains you allow on the onboarding page.
              </Muted>
            </p>
          </div>
        </div>
      </Layout>
    </Page>
  );
}
