// Code passed to page.evaluate runs inside Chromium's extension contexts, where `chrome` exists.
/// <reference types="chrome" />
