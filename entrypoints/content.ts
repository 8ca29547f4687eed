export default defineContentScript({
  matches: ['http://*/*', 'https://*/*'],
  main() {
    // Page relay for window.vantage; see the proof-flow work.
  },
});
