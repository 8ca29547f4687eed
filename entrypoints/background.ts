export default defineBackground(() => {
  // Filled by lib/background (message router, alarms); see later commits.
});
