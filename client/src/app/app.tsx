import { Route, Switch } from 'wouter';

/** Placeholder shell: replaced by the public-site work (chrome, pages, lazy seller/admin routes). */
export function App() {
  return (
    <Switch>
      <Route path="/">
        <main>
          <h1>Sell Your Graded Comics</h1>
        </main>
      </Route>
      <Route>
        <main>
          <h1>404 Page Not Found</h1>
          <p>Did you forget to add the page to the router?</p>
        </main>
      </Route>
    </Switch>
  );
}
