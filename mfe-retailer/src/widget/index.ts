import { defineCheckoutWidget } from './checkout-widget';

// The API is served from the same origin as this script: read it from the <script src>.
const script = document.currentScript as HTMLScriptElement | null;
defineCheckoutWidget(script?.src ? new URL(script.src).origin : window.location.origin);
