// The real-reactadmin application: react-admin (npm) over vega-datasets' movies, in the browser.
//
// Bundled by esbuild at install (lab/real/reactadmin.py); it fetches `movies.json` (written by
// reactadmin_site.py) and serves it through ra-data-fakerest, react-admin's in-memory data
// provider. One resource, `movies`: a list (`#/movies`) whose Datagrid rows open the record by a
// click handler (`rowClick="show"`: no link), 25 rows a page by default (10/25/50/100), sortable
// columns, a filter sidebar (a live search and one filter list per facet) and a show page per
// movie (`#/movies/<id>/show`). react-admin's own hash router; read-only (no create or edit
// views, no bulk actions).
import React from "react";
import { createRoot } from "react-dom/client";
import {
  Admin,
  Datagrid,
  FilterList,
  FilterListItem,
  FilterLiveSearch,
  List,
  NumberField,
  Pagination,
  Resource,
  Show,
  SimpleShowLayout,
  TextField,
} from "react-admin";
import fakeDataProvider from "ra-data-fakerest";
import { Card, CardContent } from "@mui/material";

const FACETS = [
  ["genre", "Genre"],
  ["mpaa_rating", "MPAA rating"],
];

const values = (movies, source) =>
  [...new Set(movies.map((m) => m[source]).filter((v) => v !== null && v !== undefined))].sort();

const Sidebar = ({ movies }) => (
  <Card sx={{ order: -1, mr: 2, mt: 8, width: 240, flexShrink: 0 }}>
    <CardContent>
      <FilterLiveSearch source="q" />
      {FACETS.map(([source, label]) => (
        <FilterList key={source} label={label} icon={null}>
          {values(movies, source).map((v) => (
            <FilterListItem key={v} label={v} value={{ [source]: v }} />
          ))}
        </FilterList>
      ))}
    </CardContent>
  </Card>
);

const MovieList = ({ movies }) => (
  <List
    aside={<Sidebar movies={movies} />}
    perPage={25}
    sort={{ field: "id", order: "ASC" }}
    pagination={<Pagination rowsPerPageOptions={[10, 25, 50, 100]} />}
    exporter={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="id" label="#" />
      <TextField source="title" label="Title" />
      <TextField source="release_date" label="Released" sortable={false} />
      <TextField source="genre" label="Genre" />
      <TextField source="mpaa_rating" label="MPAA rating" />
      <NumberField source="imdb_rating" label="IMDB rating" />
    </Datagrid>
  </List>
);

const MovieShow = () => (
  <Show>
    <SimpleShowLayout>
      <TextField source="title" label="Title" />
      <TextField source="release_date" label="Released" />
      <TextField source="genre" label="Genre" />
      <TextField source="mpaa_rating" label="MPAA rating" />
      <TextField source="creative_type" label="Creative type" />
      <TextField source="source" label="Source" />
      <TextField source="director" label="Director" />
      <TextField source="distributor" label="Distributor" />
      <NumberField source="running_time" label="Running time (min)" />
      <NumberField source="production_budget" label="Production budget" />
      <NumberField source="us_gross" label="US gross" />
      <NumberField source="worldwide_gross" label="Worldwide gross" />
      <NumberField source="imdb_rating" label="IMDB rating" />
      <NumberField source="imdb_votes" label="IMDB votes" />
      <NumberField source="rotten_tomatoes_rating" label="Rotten Tomatoes rating" />
    </SimpleShowLayout>
  </Show>
);

fetch("movies.json")
  .then((answer) => answer.json())
  .then((movies) => {
    const dataProvider = fakeDataProvider({ movies });
    createRoot(document.getElementById("root")).render(
      <Admin dataProvider={dataProvider} title="Movies" disableTelemetry>
        <Resource
          name="movies"
          list={() => <MovieList movies={movies} />}
          show={MovieShow}
          recordRepresentation="title"
        />
      </Admin>
    );
  });
