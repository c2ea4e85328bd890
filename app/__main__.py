from app.launch import main

raise SystemExit(main())
