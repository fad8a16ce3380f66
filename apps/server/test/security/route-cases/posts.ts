// Posts: the map, lists, search, details, publishing, media and the mailbox.
import {
  type RouteCase,
  idOf,
  enc,
  get,
  send,
  form,
  asVictimAndSelf,
  BBOX,
  accept,
  userList,
  tractorJson,
} from '../route-case-kit.js';

export const postsCases: Record<string, RouteCase> = {
  'GET /api/solution/map': { fixed: (w, r) => [get(w, r, `/api/solution/map?${BBOX}`)] },
  // The tile of zoom 13 holding Dakar's centre.
  'GET /api/solution/map/tiles/{z}/{x}/{y}': {
    fixed: (w, r) => [get(w, r, '/api/solution/map/tiles/13/3698/3757')],
    fuzz: {
      slots: ['text', 'text', 'text'],
      build: (w, r, [z, x, y]) => get(w, r, `/api/solution/map/tiles/${enc(z!)}/${enc(x!)}/${enc(y!)}`),
    },
  },
  'POST /api/solution/addSolution': {
    fixed: (w, r) => [
      form(w, r, 'POST', '/api/solution/addSolution', [
        {
          name: 'new_solution',
          // A user_id of the victim is ignored: a post always belongs to the caller.
          value: JSON.stringify({ ...tractorJson(), user_id: w.people.owner.id }),
        },
      ]),
    ],
  },
  'GET /api/solution/getAllSolutions/{type}': {
    fixed: (w, r) => [get(w, r, '/api/solution/getAllSolutions/provideSolution')],
    fuzz: { slots: ['text'], build: (w, r, [x]) => get(w, r, `/api/solution/getAllSolutions/${enc(x!)}`) },
  },
  'GET /api/solution/getCategorySolutions/{category}/{type}': {
    fixed: (w, r) => [get(w, r, '/api/solution/getCategorySolutions/Equipments/provideSolution')],
    fuzz: {
      slots: ['text', 'text'],
      build: (w, r, [c, x]) => get(w, r, `/api/solution/getCategorySolutions/${enc(c!)}/${enc(x!)}`),
    },
  },
  'GET /api/solution/search': {
    fixed: (w, r) => [get(w, r, '/api/solution/search?q=tractor&near=-17.45,14.7')],
    fuzz: { slots: ['text'], build: (w, r, [x]) => get(w, r, `/api/solution/search?q=${enc(x!)}`) },
  },
  'GET /api/solution/searchSolution/{type}/{field}/{text}': {
    fixed: (w, r) => [get(w, r, '/api/solution/searchSolution/provideSolution/pickup_country/Senegal')],
    fuzz: {
      slots: ['text', 'text'],
      build: (w, r, [f, x]) => get(w, r, `/api/solution/searchSolution/provideSolution/${enc(f!)}/${enc(x!)}`),
    },
  },
  'GET /api/solution/getUserSolutions/{userId}': userList('/api/solution/getUserSolutions'),
  'GET /api/solution/getUserAcceptedSolutions/{userId}': userList('/api/solution/getUserAcceptedSolutions'),
  'GET /api/solution/getSolutionDetails/{solutionId}': {
    fixed: (w, r) =>
      (r === 'owner' ? [w.posts.taken] : [w.posts.taken, w.posts.deleted]).map((id) =>
        get(w, r, `/api/solution/getSolutionDetails/${id}`),
      ),
    fuzz: { slots: ['post'], build: (w, r, [id]) => get(w, r, `/api/solution/getSolutionDetails/${enc(id!)}`) },
  },
  'POST /api/solution/solutionClicked': {
    fixed: (w, r) =>
      (r === 'owner' ? [w.posts.taken] : [w.posts.taken, w.posts.deleted]).map((id) =>
        send(w, r, 'POST', '/api/solution/solutionClicked', { solution_id: id }),
      ),
    fuzz: {
      slots: ['post'],
      build: (w, r, [id]) => send(w, r, 'POST', '/api/solution/solutionClicked', { solution_id: id }),
    },
  },
  'DELETE /api/solution/deleteSolution/{userId}/{solutionId}': {
    fixed: async (w, r) => {
      if (r === 'owner') {
        const mine = await w.spareOffer();
        return [send(w, r, 'DELETE', `/api/solution/deleteSolution/${w.people.owner.id}/${mine}`)];
      }
      return asVictimAndSelf(w, r).flatMap((id) =>
        [w.posts.open, w.posts.taken].map((post) => send(w, r, 'DELETE', `/api/solution/deleteSolution/${id}/${post}`)),
      );
    },
    fuzz: {
      slots: ['user', 'post'],
      build: (w, r, [id, post]) => send(w, r, 'DELETE', `/api/solution/deleteSolution/${enc(id!)}/${enc(post!)}`),
    },
  },
  'GET /api/media/posts/{file}': {
    fixed: (w, r) => [get(w, r, `/api/media/posts/${w.postImage}`)],
    fuzz: { slots: ['file'], build: (w, r, [f]) => get(w, r, `/api/media/posts/${enc(f!)}`) },
  },
  'PUT /api/solution/solutionAccepted': {
    fixed: (w, r) =>
      r === 'owner'
        ? [accept(w, r, { user_id: w.people.owner.id, solution_id: w.posts.open })]
        : [
            // The taken offer with the caller's own id; any open post by the victim's id, or as accepted_by.
            accept(w, r, { user_id: idOf(w, r), solution_id: w.posts.taken }),
            accept(w, r, { user_id: w.people.owner.id, solution_id: w.posts.need }),
            accept(w, r, { user_id: idOf(w, r), accepted_by: w.people.acceptor.id, solution_id: w.posts.open }),
          ],
    fuzz: { slots: ['user', 'post'], build: (w, r, [id, post]) => accept(w, r, { user_id: id, solution_id: post }) },
  },
  'PUT /api/solution/rejectSolution': {
    fixed: (w, r) =>
      (r === 'owner' ? [w.people.owner.id] : [idOf(w, r), w.people.acceptor.id]).map((id) =>
        send(w, r, 'PUT', '/api/solution/rejectSolution', { user_id: id, solution_id: w.posts.taken }),
      ),
    fuzz: {
      slots: ['user', 'post'],
      build: (w, r, [id, post]) =>
        send(w, r, 'PUT', '/api/solution/rejectSolution', { user_id: id, solution_id: post }),
    },
  },

  'GET /api/notify/getUserNotif/{userId}': userList('/api/notify/getUserNotif'),
  'PUT /api/notify/updateNotification': {
    fixed: (w, r) =>
      asVictimAndSelf(w, r).map((id) =>
        send(w, r, 'PUT', '/api/notify/updateNotification', { id: w.notificationId, _id: id }),
      ),
    fuzz: {
      slots: ['notification', 'user'],
      build: (w, r, [n, id]) => send(w, r, 'PUT', '/api/notify/updateNotification', { id: n, _id: id }),
    },
  },
  'GET /api/notify/stream': { fixed: (w, r) => [{ ...get(w, r, '/api/notify/stream'), stream: true }] },
};
