/* global self */
// D-21: Web Push in the service worker (imported by the generated worker). A push shows the
// notification; a tap opens or focuses the app at the message's route.
self.addEventListener('push', (event) => {
  let message = { title: 'Needs & Offers', body: '', url: '/dashboard' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a JSON payload still shows the generic title.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      data: { url: message.url },
      icon: '/icon-192.png',
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = (event.notification.data && event.notification.data.url) || '/dashboard';
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if ('focus' in client) {
          client.navigate(url);
          return client.focus();
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
