import './styles.css';
import './start-app.tsx';
