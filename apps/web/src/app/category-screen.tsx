// SPEC 2.3 item 3 (a category's preset cards) with the posts of that category under them,
// nearest first (both features/posts), composed as the route's screen.
import { CategoryPosts } from '../features/posts/components/category-posts';
import { CategoryPage } from '../features/posts/components/category-page';

export function CategoryScreen({ title }: { title: string }) {
  return <CategoryPage title={title} below={(category) => <CategoryPosts category={category} />} />;
}
